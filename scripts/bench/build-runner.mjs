// Runs one `docsgen build` in this process and prints its exit code and peak memory as JSON.
process.env.NODE_ENV = 'production';
const { main } = await import('../../dist/cli.js');
const [config, out, ...flags] = process.argv.slice(2);
const code = await main(['node', 'docsgen', 'build', '--config', config, '--out', out, ...flags]);
console.log(`BENCH ${JSON.stringify({ code, maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024) })}`);
