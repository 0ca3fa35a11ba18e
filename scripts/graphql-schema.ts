import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { SCHEMA_FILE, buildSchemaText } from '../apps/api/src/faces/graphql/schema-file';

// `npm run graphql:schema`: writes schema.graphql from the resolvers' decorators (no database needed).
buildSchemaText()
  .then((text) => {
    writeFileSync(SCHEMA_FILE, text);
    console.log(`wrote ${SCHEMA_FILE}`);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
