import { useId, useMemo } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { quietHoursSchema, type QuietHours } from '@moments/shared';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/ui/form-text-field';
import { SettingsSection } from '../../../components/ui/settings-section';
import { toast } from '../../../components/ui/toast';
import { useDevicePush, useSetDevicePush } from '../api/device-push';
import { usePushSettings, useSavePushSettings } from '../api/push-settings';
import { NOTIFICATION_TEXTS, NOTIFICATION_TOASTS, deviceTimeZone } from '../utils/texts';

/** This device's switch, or why there is none (iOS outside the home-screen app, blocked). */
function DeviceSwitch() {
  const device = useDevicePush();
  const change = useSetDevicePush();
  const helpId = useId();

  if (device.availability === 'ios-home-screen') {
    return <Typography>{NOTIFICATION_TEXTS.addToHomeScreen}</Typography>;
  }
  if (device.availability === 'unavailable') {
    return <Typography>{NOTIFICATION_TEXTS.unavailable}</Typography>;
  }
  const denied = device.data?.permission === 'denied';
  // Shows the choice at once while it is being made.
  const checked = change.isPending ? change.variables : (device.data?.subscribed ?? false);
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={checked && !denied}
            disabled={denied || device.isPending || change.isPending}
            onChange={(event) => {
              const on = event.target.checked;
              change.mutate(on, {
                onSuccess: (permission) => {
                  if (!on) toast(NOTIFICATION_TOASTS.off);
                  else if (permission === 'granted') toast(NOTIFICATION_TOASTS.on);
                },
                onError: () => toast(NOTIFICATION_TOASTS.failed),
              });
            }}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={NOTIFICATION_TEXTS.deviceSwitch}
        sx={{ minHeight: 44, ml: 0, gap: 1 }}
      />
      <Typography
        id={helpId}
        role={denied ? 'status' : undefined}
        color={denied ? 'error' : 'text.secondary'}
        variant="body2"
        sx={{ mt: 1 }}
      >
        {denied ? NOTIFICATION_TEXTS.denied : NOTIFICATION_TEXTS.deviceHelp}
      </Typography>
    </>
  );
}

const DEFAULT_QUIET_HOURS = { start: '22:00', end: '07:00' };

/** Quiet hours: a time window in the person's time zone, the same schema as the server's. */
function QuietHoursForm({ saved }: { saved: QuietHours | null }) {
  const save = useSavePushSettings();
  const timeZone = deviceTimeZone();
  const values = useMemo<QuietHours>(
    // Saved in another time zone (the person travelled): saving again follows this device.
    () => ({ ...(saved ?? DEFAULT_QUIET_HOURS), timeZone }),
    [saved, timeZone],
  );
  const { control, handleSubmit } = useForm<QuietHours>({
    resolver: zodResolver(quietHoursSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const pending = save.isPending;
  const on = pending && save.variables ? save.variables.quietHours !== null : saved !== null;
  const helpId = useId();

  const put = (quietHours: QuietHours | null) =>
    save.mutate(
      { quietHours },
      {
        onSuccess: () =>
          toast(
            quietHours ? NOTIFICATION_TOASTS.quietHoursSaved : NOTIFICATION_TOASTS.quietHoursOff,
          ),
        onError: () => toast(NOTIFICATION_TOASTS.settingsFailed),
      },
    );

  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={pending}
            onChange={(event) => put(event.target.checked ? values : null)}
            slotProps={{ input: { 'aria-describedby': helpId } }}
          />
        }
        label={NOTIFICATION_TEXTS.quietHoursSwitch}
        sx={{ minHeight: 44, ml: 0, gap: 1 }}
      />
      <Typography id={helpId} color="text.secondary" variant="body2">
        {NOTIFICATION_TEXTS.quietHoursHelp(timeZone)}
      </Typography>
      {on && (
        <form noValidate onSubmit={handleSubmit((quietHours) => put(quietHours))}>
          <Stack direction="row" spacing={2}>
            <FormTextField
              control={control}
              name="start"
              id="quiet-hours-start"
              type="time"
              label={NOTIFICATION_TEXTS.quietFrom}
            />
            <FormTextField
              control={control}
              name="end"
              id="quiet-hours-end"
              type="time"
              label={NOTIFICATION_TEXTS.quietUntil}
            />
          </Stack>
          <Button type="submit" variant="outlined" loading={pending} sx={{ mt: 2 }}>
            {NOTIFICATION_TEXTS.saveQuietHours}
          </Button>
        </form>
      )}
    </Stack>
  );
}

/** My Account's "Notifications": this device on or off, and quiet hours (every device). */
export function NotificationsSettings() {
  const settings = usePushSettings();
  return (
    <SettingsSection title={NOTIFICATION_TEXTS.sectionTitle}>
      <DeviceSwitch />
      {settings.data && <QuietHoursForm saved={settings.data.quietHours} />}
    </SettingsSection>
  );
}
