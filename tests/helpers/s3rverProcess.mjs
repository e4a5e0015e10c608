// The test S3 server's process (started by tests/helpers/s3Server.ts): s3rver on a random port of
// 127.0.0.1, its bucket made, its address printed as one JSON line on stdout. A process of its own because
// s3rver makes its listing continuation tokens with DES, which Node 20's OpenSSL 3 offers only with
// --openssl-legacy-provider: a flag for this process alone, never for the server under test.
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
// Ends with its parent: stdin closes when the test process goes, even killed.
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
