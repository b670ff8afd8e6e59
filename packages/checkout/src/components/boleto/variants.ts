/** Boleto Bancário and the banks' own variants (Brazil). */
export const BOLETO_TYPES = [
  'boletobancario',
  'boletobancario_itau',
  'boletobancario_santander',
  'boletobancario_bradesco',
  'boletobancario_hsbc',
  'primeiropay_boleto',
] as const;
