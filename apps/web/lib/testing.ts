// `baalda-web/testing`: what the benches use of the web app, so they measure with the app's own numbers (its
// batch size, its worker's URL) without importing its files by path. Other workspaces import only this entry.
export { NOTES_PER_BATCH } from './search/semantic/noteMeanings';
export { ENCODER_WORKER_URL, UNCACHED_SEMANTIC_FILES_SCRIPT } from './search/semantic/semanticFiles';
