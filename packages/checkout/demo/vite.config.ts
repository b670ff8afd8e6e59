import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { merchantServer } from './merchant-server.ts';

/**
 * The demo page against a local gateway:
 *   npm start -w @actuate/payment-gateway                       (http://localhost:8080)
 *   cd packages/checkout && npx vite --config demo/vite.config.ts   (http://localhost:3000)
 * Port 3000 is one of the demo client key's allowed origins; on another port, start the gateway with
 * PAYMENT_ALLOWED_ORIGINS=http://localhost:<port>.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    merchantServer({
      gatewayUrl: process.env.GATEWAY_URL ?? 'http://localhost:8080',
      apiKey: process.env.PAYMENT_API_KEY ?? 'sandbox_api_key_actuate',
      merchantAccount: process.env.PAYMENT_MERCHANT_ACCOUNT ?? 'ActuateStore',
    }),
  ],
  define: {
    __GATEWAY_URL__: JSON.stringify(process.env.GATEWAY_URL ?? 'http://localhost:8080'),
    __CLIENT_KEY__: JSON.stringify(process.env.PAYMENT_CLIENT_KEY ?? 'sandbox_client_actuate'),
  },
  server: {
    port: Number(process.env.DEMO_PORT ?? 3000),
    strictPort: true,
    host: process.env.DEMO_HOST ?? 'localhost',
  },
});
