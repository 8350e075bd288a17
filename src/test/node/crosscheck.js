// Cross-check of the protocol's wire format against Confluent's own Node.js serdes (@confluentinc/schemaregistry).
// Reads a JSON request on stdin: {registryUrl, decode: [{format, topic, hex}], encode: [{format, topic, record,
// messageName?}]}. Decodes each record the protocol wrote with Confluent's deserializer, and encodes each record
// with Confluent's serializer (the subject's latest schema: the one the protocol registered). Prints
// {decoded: [...], encoded: [{hex}]} on stdout; any failure exits 1 with the error on stderr.
'use strict';
const sr = require('@confluentinc/schemaregistry');
const { create, createFileRegistry, createMutableRegistry, fromBinary } = require('@bufbuild/protobuf');
const { FileDescriptorProtoSchema } = require('@bufbuild/protobuf/wkt');

function serde(format, client, kind, registry) {
  const conf = kind === 'ser' ? { useLatestVersion: true, autoRegisterSchemas: false, registry } : {};
  const classes = {
    AVRO: [sr.AvroSerializer, sr.AvroDeserializer],
    PROTOBUF: [sr.ProtobufSerializer, sr.ProtobufDeserializer],
    JSON: [sr.JsonSerializer, sr.JsonDeserializer],
  }[format];
  const C = kind === 'ser' ? classes[0] : classes[1];
  return new C(client, sr.SerdeType.VALUE, conf);
}

// A protobuf-es message of the subject's latest schema, built from the registry's serialized descriptor, and the
// registry the serializer finds its type in.
async function protobufMessage(client, topic, messageName, record) {
  const latest = await client.getLatestSchemaMetadata(topic + '-value', 'serialized');
  const file = fromBinary(FileDescriptorProtoSchema, Buffer.from(latest.schema, 'base64'));
  const registry = createFileRegistry(file, () => undefined);
  const desc = registry.getMessage(messageName);
  if (!desc) {
    throw new Error('no message ' + messageName + ' in the latest schema of ' + topic + '-value');
  }
  return { msg: create(desc, record), registry: createMutableRegistry(desc) };
}

// JSON-safe: protobuf-es messages carry $typeName and bigint for 64-bit fields.
function plain(v) {
  return JSON.parse(JSON.stringify(v, (k, x) => (typeof x === 'bigint' ? Number(x) : k === '$typeName' ? undefined : x)));
}

async function main() {
  const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
  const client = sr.SchemaRegistryClient.newClient({ baseURLs: [input.registryUrl], cacheCapacity: 100 });
  const decoded = [];
  for (const d of input.decode || []) {
    try {
      const v = await serde(d.format, client, 'de').deserialize(d.topic, Buffer.from(d.hex, 'hex'));
      decoded.push(plain(v));
    } catch (err) {
      throw new Error('decoding the protocol\'s ' + d.format + ' record ' + d.hex + ': ' + err.message);
    }
  }
  const encoded = [];
  for (const e of input.encode || []) {
    try {
      const proto = e.format === 'PROTOBUF' ? await protobufMessage(client, e.topic, e.messageName, e.record) : null;
      const bytes = await serde(e.format, client, 'ser', proto && proto.registry)
        .serialize(e.topic, proto ? proto.msg : e.record);
      encoded.push({ hex: Buffer.from(bytes).toString('hex') });
    } catch (err) {
      throw new Error('encoding a ' + e.format + ' record with Confluent\'s serializer: ' + err.message);
    }
  }
  process.stdout.write(JSON.stringify({ decoded, encoded }));
}

main().catch((err) => {
  process.stderr.write(String(err && err.stack ? err.stack : err) + '\n');
  process.exit(1);
});
