/**
 * Versions of the terms and the privacy policy a user must have approved to shop. The platform and the
 * middleware take them as defaults of their configuration; the storefront shows them to the user who approves.
 */
export const CURRENT_TERMS_VERSION = 3;
export const CURRENT_PRIVACY_VERSION = 2;
