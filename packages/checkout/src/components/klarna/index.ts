export { Klarna, Klarna as default } from './klarna.tsx';
