import { describeImportCases } from './import-cases';

// Every body, however short, read on a worker thread (import-read-threads.ts): the same cases answer the same.
describeImportCases('POST /v1/clusters/{cluster}/import, the body read on a worker thread', true, { IMPORT_THREAD_MIN_MB: '0' });
