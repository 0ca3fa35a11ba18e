import { openApiV2, openApiV3CoreV1, type Served, served } from './openapi-documents';
import { openApiV2Protobuf } from './openapi-v2-protobuf';

/** The documents' bytes, made once: they change only with the code. */
let documents: { v3: Served; v2Json: Served; v2Protobuf: Served } | undefined;

export function servedDocuments() {
  if (documents === undefined) {
    const v2 = openApiV2();
    documents = {
      v3: served(Buffer.from(JSON.stringify(openApiV3CoreV1()))),
      v2Json: served(Buffer.from(JSON.stringify(v2))),
      v2Protobuf: served(openApiV2Protobuf(v2)),
    };
  }
  return documents;
}

/** GET /openapi/v3: the group versions, each at a URL that carries its hash (clients cache by it). */
export const openApiV3Discovery = () => ({
  paths: { 'api/v1': { serverRelativeURL: `/openapi/v3/api/v1?hash=${servedDocuments().v3.hash}` } },
});
