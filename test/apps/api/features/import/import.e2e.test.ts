import { describeImportCases } from './import-cases';

describeImportCases('POST /v1/clusters/{cluster}/import', false);
