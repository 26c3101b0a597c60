const t = performance.now();
const { openDatabase } = await import('#server/db/database');
const db = openDatabase(':memory:');
console.log('open+seed', (performance.now() - t).toFixed(0));
const a = db.prepare('SELECT COUNT(*) c, SUM(service_used) u FROM usage_records').get();
const b = db.prepare('SELECT SUM(count) c, SUM(used) u FROM usage_hourly').get();
console.log(a, b, db.prepare('SELECT COUNT(*) FROM usage_hourly').pluck().get());
