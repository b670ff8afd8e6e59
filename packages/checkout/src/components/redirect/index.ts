export { createRedirectElement, Redirect, type RedirectOptions } from './redirect.tsx';
