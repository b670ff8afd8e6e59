/**
 * The package version, kept in step with package.json by a test. The standalone build asks the
 * gateway for files under `checkoutshopper/sdk/<version>/` (its translations), as the reference does
 * from its CDN, so a page gets the strings of the very version it runs.
 */
export const SDK_VERSION = '1.0.0';
