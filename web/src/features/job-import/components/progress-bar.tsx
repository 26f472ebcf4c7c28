// The bar is shared with every other upload and long task.
export { ProgressBar } from '@/components/progress-bar'
