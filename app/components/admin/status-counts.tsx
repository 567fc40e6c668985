import { STATUSES, type Status } from "#shared/figure-fields.ts";
import { isPublicStatus } from "#shared/figure-status.ts";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useTranslation } from "~/lib/use-translation";

type Counts = Record<Status, { total: number; claimed: number; available: number }>;

/** The dashboard's figures per status (all seven), with what is claimed and available (claimable). */
export function StatusCounts({ byStatus, publicTotal }: { byStatus: Counts; publicTotal: number }) {
  const { t } = useTranslation();
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{t("admin.dashboard.byStatus")}</CardTitle>
        <p className="text-sm text-muted-foreground">{t("admin.dashboard.byStatusIntro")}</p>
      </CardHeader>
      <CardContent>
        <Table data-testid="status-counts" scrollLabel={t("admin.dashboard.byStatus")}>
          <TableHeader>
            <TableRow>
              <TableHead>{t("admin.dashboard.colStatus")}</TableHead>
              <TableHead className="text-right">{t("admin.dashboard.colTotal")}</TableHead>
              <TableHead className="text-right">{t("admin.dashboard.colClaimed")}</TableHead>
              <TableHead className="text-right">{t("admin.dashboard.colAvailable")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {STATUSES.map((s) => (
              <TableRow key={s} data-testid={`status-row-${s}`}>
                <TableCell className="font-bold">
                  {t(`admin.status.${s}`)}
                  {!isPublicStatus(s) && (
                    <span className="ml-2 text-xs font-normal text-muted-foreground">
                      ({t("admin.dashboard.notPublic")})
                    </span>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="status-total">
                  {byStatus[s].total}
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="status-claimed">
                  {byStatus[s].claimed}
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="status-available">
                  {byStatus[s].available}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <p className="mt-3 text-sm text-muted-foreground" data-testid="public-count">
          {t("admin.dashboard.publicCount", { count: publicTotal })}
        </p>
      </CardContent>
    </Card>
  );
}
