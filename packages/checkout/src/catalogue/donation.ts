/**
 * The Donation component, downloaded only when the merchant asks for a donation after a payment:
 * `const Donation = await loadDonation(); new Donation(checkout, { ...campaign, onDonate }).mount(…)`.
 */
export const loadDonation = () => import('../components/donation/index.ts').then((module) => module.Donation);
