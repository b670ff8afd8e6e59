/**
 * Where a buyer gets help, shown where the shop cannot go on by itself (credit hold). Example
 * addresses of the demo world, one place to change them.
 */
export const ACCOUNTS_EMAIL = 'accounts@actuate.example';
