// Sharing a job to a chat (spec, employer §2: "Share opens a chat-share link containing the /jobs URL").

/** The WhatsApp share link of a job: "{title} at {company} - {origin}/jobs". */
export function jobShareUrl(job: { job_title: string; company_name: string }, origin: string): string {
  const text = `${job.job_title} at ${job.company_name} - ${origin}/jobs`
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}
