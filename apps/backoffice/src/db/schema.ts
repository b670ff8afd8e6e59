// Every table of the backoffice, gathered for drizzle-kit; each module owns its own schema file.
export { seedRuns } from '@actuate/service-kit';
