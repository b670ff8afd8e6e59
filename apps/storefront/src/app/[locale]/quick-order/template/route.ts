/** The quick order's CSV template: the two columns it reads and two example lines. */
export function GET() {
  return new Response('salesItemNumber,quantity\r\nA10001,1\r\nA10002,5\r\n', {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="quick-order-template.csv"',
      'cache-control': 'public, max-age=3600',
    },
  });
}
