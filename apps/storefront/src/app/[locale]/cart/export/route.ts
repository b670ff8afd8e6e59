import { orderExportResponse } from '@/backend/export-response';
import { localeOrDefault } from '@/i18n/routing';

/** The cart as `?format=csv` or `?format=pdf`, in the page's language. */
export async function GET(request: Request, { params }: RouteContext<'/[locale]/cart/export'>) {
  return orderExportResponse(request, localeOrDefault((await params).locale), undefined);
}
