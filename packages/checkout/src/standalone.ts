/**
 * The standalone build's entry (preact/compat in place of React, see vite.config.ts):
 * `<script src="actuate-checkout.min.js">` (dist/standalone, or the gateway's
 * `checkoutshopper/sdk/<version>/`) exposes
 * `window.ActuateCheckout.{createCheckout, Card, CustomCard, Dropin, …}` for pages without a bundler.
 */
export * from './index.ts';
