import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProviders } from '@/app/providers'
import { registerServiceWorker } from '@/lib/register-service-worker'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('The page has no #root element')

createRoot(root).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
)

registerServiceWorker()
