export { createScratchDatabase, createTestDatabase, testDatabaseKind } from './database.ts';
export { describeOperationalEndpoints } from './operational.ts';
export { freePort } from './ports.ts';
