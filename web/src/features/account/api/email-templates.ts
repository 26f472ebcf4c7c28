// The employer's decision e-mail templates and their preview (api/src/employer/email_templates.rs).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiFetch } from '@/lib/api-client'
import type { Schema } from '@/lib/api-schema'

export type EmailTemplates = Schema<'EmailTemplatesBody'>
export type EmailPreview = Schema<'TemplatePreviewBody'>
/** Which decision a template tells. */
export type TemplateKind = 'acceptance' | 'rejection'
/** A subject and a message as typed; blank uses JobTap's wording. */
export type TemplateDraft = { subject: string; body: string }

const KEY = ['employer', 'settings', 'email-templates'] as const
const PATH = '/employer/settings/email-templates'

/** The saved templates, with JobTap's wording of each. */
export function useEmailTemplates() {
  return useQuery({ queryKey: KEY, queryFn: () => apiFetch<EmailTemplates>(PATH) })
}

/** Saves both templates; the answer replaces the cached ones. */
export function useSaveEmailTemplates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (drafts: Record<TemplateKind, TemplateDraft>) =>
      apiFetch<EmailTemplates>(PATH, { method: 'PUT', json: drafts }),
    onSuccess: (answer) => queryClient.setQueryData(KEY, answer),
  })
}

/** The e-mail `draft` gives, as it would be sent, filled with sample values; off until `enabled`. */
export function useEmailPreview(kind: TemplateKind, draft: TemplateDraft, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'preview', kind, draft.subject, draft.body],
    queryFn: ({ signal }) =>
      apiFetch<EmailPreview>(`${PATH}/preview`, { method: 'POST', json: { kind, ...draft }, signal }),
    enabled,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  })
}
