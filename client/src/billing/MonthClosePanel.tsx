import { Callout, Card, H3, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import {
  bhiBillingList,
  type CallResponse,
  ccmBillingList,
  getMonthClose,
  monthLabel,
  pcmBillingList,
  rpmBillingList,
} from '@rpm/shared';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../api/api-error';
import { type CallRequest, call } from '../api/call';

type MonthClose = CallResponse<typeof getMonthClose>['data'];

/** The panel's one call: the month close of every practice in the user's billing scope. */
export const MONTH_CLOSE_REQUEST: CallRequest<typeof getMonthClose> = { headers: {} };

/** Each billing report's list and the access-list entry that opens it. */
const REPORT_LISTS: Readonly<
  Record<string, { readonly route: string; readonly page: string | null; readonly name: string }>
> = {
  rpm: { route: rpmBillingList.route, page: rpmBillingList.page, name: 'RPM' },
  ccm: { route: ccmBillingList.route, page: ccmBillingList.page, name: 'CCM' },
  pcm: { route: pcmBillingList.route, page: pcmBillingList.page, name: 'PCM' },
  bhi: { route: bhiBillingList.route, page: bhiBillingList.page, name: 'BHI' },
};

/** A report's list of the month's patients a missing document blocks. */
const reasonHref = (route: string, month: string, need: string) =>
  `${route}?${new URLSearchParams({ month, status: 'billable,blocked', need }).toString()}`;

/**
 * The month close beside the dashboard's month (decisions.md "Month close"): the last whole month, its patients ready
 * to bill, blocked and with their claim sent, and each missing document with links to the patients it blocks.
 */
export function MonthClosePanel({ pages }: { readonly pages: readonly string[] }) {
  const [close, setClose] = useState<MonthClose | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    call(getMonthClose, MONTH_CLOSE_REQUEST, { signal: controller.signal }).then(
      (answer) => {
        if (!controller.signal.aborted) setClose(answer.data);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(error instanceof ApiError ? error.message : String(error));
      },
    );
    return () => controller.abort();
  }, []);

  if (failure) return <Callout intent={Intent.DANGER}>{failure}</Callout>;
  if (!close) return null;
  const title = `Closing ${monthLabel(`${close.month}-01`)}`;
  const closed = close.ready === 0 && close.blocked === 0;
  return (
    <Card className="month-close" aria-labelledby="month-close-title">
      <H3 id="month-close-title">
        {title} {closed && <Tag intent={Intent.SUCCESS}>All claims sent</Tag>}
      </H3>
      <ul className="month-close-figures">
        <li>
          <strong>{close.ready}</strong> ready to bill
        </li>
        <li>
          <strong>{close.blocked}</strong> blocked
        </li>
        <li>
          <strong>{close.sent}</strong> claims sent
        </li>
      </ul>
      {/* An empty table still shows its column headers. */}
      <HTMLTable compact striped className="month-close-reasons" aria-label={`Blocked, ${title}`}>
        <thead>
          <tr>
            <th scope="col">Blocked: missing</th>
            {Object.values(REPORT_LISTS).map((report) => (
              <th scope="col" key={report.name}>
                {report.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {close.reasons.length === 0 && (
            <tr>
              <td colSpan={1 + Object.keys(REPORT_LISTS).length}>Nothing is blocked.</td>
            </tr>
          )}
          {close.reasons.map((reason) => (
            <tr key={reason.need}>
              <th scope="row">{reason.text}</th>
              {Object.entries(REPORT_LISTS).map(([key, report]) => {
                const patients = reason.reports.find((r) => r.report === key)?.patients ?? 0;
                const open = report.page === null || pages.includes(report.page);
                return (
                  <td key={key}>
                    {patients > 0 && open ? (
                      <Link
                        href={reasonHref(report.route, close.month, reason.need)}
                        aria-label={`${patients} ${report.name} patients blocked: ${reason.text}`}
                      >
                        {patients}
                      </Link>
                    ) : (
                      patients
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}
