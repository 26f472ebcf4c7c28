// The employer's company in Settings (api/src/employer/company.rs): name, website and the badges
// candidates see on the employer's jobs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

export type Company = Schema<'CompanyBody'>
export type CompanyInput = { companyName: string; companyWebsite: string }

const KEY = ['employer', 'settings', 'company'] as const
const PATH = '/employer/settings/company'

/** The company as saved, with its badges. */
export function useCompany() {
  return useQuery({ queryKey: KEY, queryFn: () => apiFetch<Company>(PATH) })
}

/** PUT the name and website (blank website: none); a refused field is a 422 naming it. */
export function useSaveCompany() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CompanyInput) =>
      apiFetch<Company>(PATH, {
        method: 'PUT',
        json: { company_name: input.companyName, company_website: input.companyWebsite },
      }),
    onSuccess: (answer) => queryClient.setQueryData(KEY, answer),
  })
}
