// Production code never imports test code (test files, helpers, fixtures); run beside .dependency-cruiser.cjs,
// whose graph leaves test code out.
const { TEST, options } = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-test-code-in-production',
      comment: 'Production code imports a test file, test helper or fixture. Move what it needs into production code.',
      severity: 'error',
      from: { pathNot: TEST },
      to: { path: TEST },
    },
  ],
  options: { ...options, exclude: { path: ['/dist/', '\\.data', '/migrations/'] } },
};
