// Every table of the platform, gathered for drizzle-kit; each module owns its own schema file.
export { seedRuns } from '@actuate/service-kit';
