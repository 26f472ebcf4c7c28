// The feed search's form state and the address's query, one from the other (pure: tested alone).
import { SEARCH_PARAMS, type SearchParam } from './api/first-page'

/** The search form's values, each as typed ('' for none); `remote` and `fits` are 'true' or ''. */
export type SearchDraft = Record<SearchParam, string>

/** The form's values for the search an address holds (see `feedSearchOf`). */
export function draftOf(search: string): SearchDraft {
  const params = new URLSearchParams(search)
  const draft = {} as SearchDraft
  for (const name of SEARCH_PARAMS) draft[name] = params.get(name) ?? ''
  return draft
}

/** The address's query for the form's values: blank values and switches left off are left out. */
export function searchOf(draft: SearchDraft): string {
  const params = new URLSearchParams()
  for (const name of SEARCH_PARAMS) {
    const value = draft[name].trim()
    if (value && value !== 'false') params.set(name, value)
  }
  return params.toString()
}

/** How many filters beyond the search words are set (the Filters button's count). */
export function filterCount(search: string): number {
  const params = new URLSearchParams(search)
  return SEARCH_PARAMS.filter((name) => name !== 'q' && params.has(name)).length
}

/** `current`'s own query (the order) with its search replaced by `search`. */
export function withSearch(current: URLSearchParams, search: string): URLSearchParams {
  const updated = new URLSearchParams(current)
  for (const name of SEARCH_PARAMS) updated.delete(name)
  for (const [name, value] of new URLSearchParams(search)) updated.set(name, value)
  return updated
}
