import { main } from './cli';

// The package's `bin`: exit codes as main() says, output straight to the terminal.
process.exitCode = await main(process.argv.slice(2), {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
