import { queryOptions, useQuery } from '@tanstack/react-query'
import { getCore } from './index'

/** Query options for a job description's card preview, computed by the Rust core in its worker. */
export function descriptionPreviewQueryOptions(description: string) {
  return queryOptions({
    queryKey: ['core', 'description-preview', description],
    queryFn: () => getCore().descriptionPreview(description),
    staleTime: Infinity,
  })
}

/** The card preview of `description` (first sentence, else 100 characters + "..."). */
export function useDescriptionPreview(description: string) {
  return useQuery(descriptionPreviewQueryOptions(description))
}
