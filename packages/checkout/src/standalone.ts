/**
 * The standalone build's entry (React included): `<script src="actuate-checkout.js">` exposes
 * `window.ActuateCheckout.{createCheckout, Card, CustomCard, Dropin, …}` for pages without a bundler.
 */
export * from './index.ts';
