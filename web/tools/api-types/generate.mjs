// Writes web/src/generated/api.ts, the API's TypeScript types, from the OpenAPI document the
// server generates from its handlers (web/src/generated/openapi.json, written by the API's own
// test). With --check it writes nothing and fails when api.ts is not what the document gives.
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript'

const generated = (name) => fileURLToPath(new URL(`../../src/generated/${name}`, import.meta.url))
const documentFile = generated('openapi.json')
const typesFile = generated('api.ts')

const document = JSON.parse(await readFile(documentFile, 'utf8'))
const ast = await openapiTS(document, { alphabetize: true, exportType: true, defaultNonNullable: false })
const header = `${COMMENT_HEADER}// From src/generated/openapi.json: \`make generated\` writes both.\n\n`
const types = header + astToString(ast)

if (process.argv.includes('--check')) {
  const written = await readFile(typesFile, 'utf8').catch(() => '')
  if (written !== types) {
    console.error('src/generated/api.ts is not the API as src/generated/openapi.json describes it: run `make generated`')
    process.exit(1)
  }
} else {
  await writeFile(typesFile, types)
}
