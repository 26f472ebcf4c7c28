/** Base path of the JobTap HTTP API; the dev server proxies it to the Rust server. */
export const API_BASE_PATH = '/api/v1'
