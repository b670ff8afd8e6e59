export { createTestDatabase, testDatabaseKind } from './database.ts';
export { describeOperationalEndpoints } from './operational.ts';
