// Preloaded by bench/api/run.ts (NODE_OPTIONS=--require) into the app and the raw baseline: counts the SQL queries
// each HTTP request sends through pg (AsyncLocalStorage follows the request across awaits) and answers the count in
// an `X-Sql-Queries` header. Only in the bench; the app itself knows nothing of it.
const { AsyncLocalStorage } = require('node:async_hooks');
const http = require('node:http');
const { dirname } = require('node:path');

const script = process.argv[1] ?? '';
if (/main\.js$|raw-server\.ts$/.test(script)) {
  const requests = new AsyncLocalStorage();
  const pg = require(require.resolve('pg', { paths: [dirname(script)] }));
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    const store = requests.getStore();
    if (store) store.queries++;
    return query.apply(this, args);
  };
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, res) {
    if (event !== 'request') return emit.apply(this, arguments);
    const store = { queries: 0 };
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      if (!this.headersSent) this.setHeader('X-Sql-Queries', String(store.queries));
      return writeHead.apply(this, args);
    };
    return requests.run(store, () => emit.apply(this, arguments));
  };
}
