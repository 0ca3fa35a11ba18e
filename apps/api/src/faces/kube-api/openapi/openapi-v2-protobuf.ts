/**
 * The Swagger 2.0 document in protobuf, as kubectl asks for it
 * (application/com.github.proto-openapi.spec.v2@v1.0+protobuf): gnostic's openapi_v2.Document
 * message, of which this writes the parts a Kubernetes document uses. Field numbers are those of
 * gnostic's OpenAPIv2.proto. Extension values and enum members are protobuf `Any`s holding YAML
 * (JSON text is YAML).
 */

type Json = Record<string, unknown>;

function varint(value: number): Buffer {
  const bytes: number[] = [];
  let v = value;
  while (v > 0x7f) {
    bytes.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  bytes.push(v);
  return Buffer.from(bytes);
}

const LENGTH_DELIMITED = 2;

/** A length-delimited field: a string, bytes or an embedded message. */
function field(number: number, payload: Buffer | string): Buffer {
  const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  return Buffer.concat([varint((number << 3) | LENGTH_DELIMITED), varint(bytes.length), bytes]);
}

const message = (...fields: Buffer[]) => Buffer.concat(fields);

/** Any { yaml = 2 }. */
const anyYaml = (value: unknown) => message(field(2, JSON.stringify(value)));

/** NamedSchema / NamedAny { name = 1, value = 2 }. */
const named = (name: string, value: Buffer) => message(field(1, name), field(2, value));

/** Schema, by gnostic's field numbers. */
function schema(s: Json): Buffer {
  const out: Buffer[] = [];
  const extensions: Buffer[] = [];
  for (const [key, value] of Object.entries(s)) {
    switch (key) {
      case '$ref':
        out.push(field(1, String(value)));
        break;
      case 'format':
        out.push(field(2, String(value)));
        break;
      case 'description':
        out.push(field(4, String(value)));
        break;
      case 'required':
        for (const name of value as string[]) out.push(field(19, name));
        break;
      case 'enum':
        for (const member of value as unknown[]) out.push(field(20, anyYaml(member)));
        break;
      case 'additionalProperties':
        out.push(field(21, field(1, schema(value as Json))));
        break;
      case 'type':
        out.push(field(22, field(1, String(value))));
        break;
      case 'items':
        out.push(field(23, field(1, schema(value as Json))));
        break;
      case 'properties':
        out.push(field(25, message(...Object.entries(value as Record<string, Json>).map(([name, p]) => field(1, named(name, schema(p)))))));
        break;
      default:
        if (!key.startsWith('x-')) throw new Error(`no protobuf encoding for the schema keyword ${key}`);
        extensions.push(field(31, named(key, anyYaml(value))));
    }
  }
  return Buffer.concat([...out, ...extensions]);
}

/** Document { swagger = 1, info = 2 { title = 1, version = 2 }, definitions = 9 }. The paths are left out: validation reads definitions only. */
export function openApiV2Protobuf(document: { swagger: string; info: { title: string; version: string }; definitions: Record<string, Json> }): Buffer {
  return message(
    field(1, document.swagger),
    field(2, message(field(1, document.info.title), field(2, document.info.version))),
    field(9, message(...Object.entries(document.definitions).map(([name, s]) => field(1, named(name, schema(s)))))),
  );
}
