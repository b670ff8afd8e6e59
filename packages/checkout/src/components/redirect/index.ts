export { Redirect } from './redirect.tsx';
