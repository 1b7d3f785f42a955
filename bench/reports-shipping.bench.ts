// Shipping reports at scale (issue 16 part B: tabs 5–7): the shipping, to-ship and incremental
// parts of reports.bench.ts (one generator and one world for all seven tabs; see there).
//   npx tsx bench/reports-shipping.bench.ts   (same variables as reports.bench.ts)
process.env.PARTS ??= 'shipping,toship,incremental';
await import('./reports.bench.js');
export {};
