// Temporary: LoadingBlock and ErrorBlock have their own files now. Three tabs whose files are being
// edited elsewhere (pearl-settings-tab, savings-management-tab, credit-migration-tab) still import them
// from here; delete this file once they import loading-block and error-block (knip flags it then).
export { LoadingBlock } from '@/components/loading-block';
export { ErrorBlock } from '@/components/error-block';
