import { getCore } from '@/lib/core-worker'
import { saveBlob } from '@/lib/save-blob'

/** Saves the CSV template (spec §9: job_import_template.csv, 17 columns), written by the core. */
export async function downloadTemplate(): Promise<void> {
  const { fileName, csv } = await getCore().importTemplate()
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName)
}
