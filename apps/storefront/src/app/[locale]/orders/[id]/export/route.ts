import { orderExportResponse } from '@/backend/export-response';
import { localeOrDefault } from '@/i18n/routing';

/** The order as `?format=csv` or `?format=pdf`, in the page's language. */
export async function GET(request: Request, { params }: RouteContext<'/[locale]/orders/[id]/export'>) {
  const { locale, id } = await params;
  return orderExportResponse(request, localeOrDefault(locale), decodeURIComponent(id));
}
