/**
 * The OpenAPI document's description: how to drive each flow by hand in `/docs`, endpoint by endpoint
 * (kept in step with the README's "API overview").
 */
export const API_DESCRIPTION = `Simulated ERP and CRM: customers, contacts, sales orders, item lifecycle states, confirmations, shipments, invoices and credit notes.

Every business operation needs the API key in the \`X-Api-Key\` header ("Authorize" above). Errors are RFC 9457 problem details (\`application/problem+json\`, \`type: urn:actuate:problem:<code>\`); bad input is a \`400\` naming each field and changes nothing. Changes reach the middleware as signed callbacks (\`X-Erp-Signature: sha256=<hex HMAC-SHA256 of the raw body>\`); \`GET /callbacks?subject=…\` shows each one and its delivery.

## Flows by hand

With \`ERP_PACE_SECONDS=0\` nothing moves by itself; each step below is one call, in this order.

**Order → confirm → ship (two parts) → deliver → invoice → credit note.** Place an order in the shop (or \`POST /erp/sales-orders\`), then:
1. \`GET /erp/web-shop-orders/{webShopOrderId}/sales-order\` — the sales order number (\`SO-ADK-000001\`) and its lines.
2. \`POST /erp/sales-orders/{orderNumber}/confirm\` — \`Confirmed\`, optional \`{"confirmedShippingDate": "YYYY-MM-DD"}\`.
3. \`POST /erp/sales-orders/{orderNumber}/ship\` — first part (\`PartlyShipped\`); again for the rest (\`Shipped\`). Optional \`{"lines": [{"lineNumber": 10, "quantity": 1}], "carrier": "GLS"}\`. Each shipment has an \`erpShipmentId\` and a tracking link.
4. \`POST /erp/sales-orders/{orderNumber}/shipments/{erpShipmentId}/deliver\` — the carrier delivered that shipment.
5. \`POST /erp/sales-orders/{orderNumber}/invoice\` — \`Invoiced\`; the answer carries the invoice number (\`INV-ADK-2026-000001\`). Read it with \`GET /erp/invoices/{invoiceNumber}\` (\`creditableNetAmount\`: what is left to credit).
6. \`POST /erp/invoices/{invoiceNumber}/credit-notes\` — \`{"reason": "Damaged", "lines": [{"lineNumber": 10, "quantity": 1}]}\` or \`{"reason": "Goodwill", "amount": 10000}\` (net, minor units); answers the credit note (\`CN-ADK-2026-000001\`, negative amounts). More than is left is \`409 credit-exceeds-invoice\`.

**Complete short.** After a first shipment: \`POST /erp/sales-orders/{orderNumber}/complete-short\` closes the order with what has shipped; then \`POST /erp/sales-orders/{orderNumber}/invoice\`. Cancel instead before shipping: \`POST /erp/sales-orders/{orderNumber}/cancel\` \`{"reason": "…"}\`.

**Shop address → ERP id.** Add an address in the shop; the middleware calls \`PUT /erp/customers/{erpId}/shop-addresses/{webShopAddressId}\` (by hand: the postal fields; \`201\` with the new ERP id, later \`200\`). \`GET /erp/customers/{erpId}\` lists it; \`GET /erp/delivery-addresses/{addressErpId}\` reads it; \`PATCH /erp/delivery-addresses/{addressErpId}\` \`{"validTo": "2027-01-01T00:00:00Z"}\` closes it (\`null\` reopens), callback \`delivery-address.changed\`.

**Item lifecycle.** \`GET /erp/items/{salesItemNumber}\` — the states. Block it at a sales company: \`PUT /erp/items/{salesItemNumber}/sales-companies/ADK\` \`{"lifecycleState": "Blocked"}\`. Phase it out with a successor: \`PUT /erp/items/{salesItemNumber}/sales-companies/ADK\` \`{"lifecycleState": "PhaseOut"}\`, then \`PUT /erp/items/{salesItemNumber}/supply\` \`{"successorSalesItemNumber": "B10006"}\` (stock and lead time the same way). Release it again with \`{"lifecycleState": "Released"}\`. Each change sends \`item.changed\`.

**Customer changes.** \`GET /erp/customers?salesCompanyId=ADK\`, then \`PATCH /erp/customers/{erpId}\` with \`{"creditHold": true}\` (the shop says so on every page and refuses orders; \`false\` lifts it) or \`{"invoiceEmail": "billing@example.com"}\` (where invoice and credit note mails go); also \`taxGroup\`, \`currency\` (new orders are priced in it), \`paymentTermsDays\`, \`name\`. Each sends \`customer.updated\`, which the shop copies onto the company.

**Registrations and join requests.** Register in the shop (or \`POST /crm/registrations\`): \`GET /crm/registrations/{id}\` is \`Pending\`; \`POST /crm/registrations/{id}/complete\` creates the ERP customer and contact now (\`registration.completed\`). A registration into an existing company waits as \`AwaitingApproval\`: \`GET /crm/registrations?status=AwaitingApproval\`, then \`POST /crm/registrations/{id}/approve\` or \`POST /crm/registrations/{id}/decline\` \`{"reason": "…"}\` (\`registration.declined\`).

When a callback did not arrive: \`GET /callbacks?state=Failed\`, then \`POST /callbacks/{eventId}/redeliver\`; stuck jobs: \`GET /jobs/failed\`.`;
