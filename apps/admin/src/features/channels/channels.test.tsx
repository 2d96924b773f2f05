// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  createdFeedSourceResponse,
  feedSourceHealthResponse,
  rotateFeedSecretResponse,
  staffDepositChannelResponse,
  staffDepositChannelsResponse,
  type FeedSourceHealthWire,
  type StaffDepositChannel,
} from '@sabai/contracts';
import { adminPath, answer, renderScreen, sent, server } from '../../test/harness';
import { ChannelsPage } from './channels';

const channel: StaffDepositChannel = {
  id: 'chn_kbank_main', kind: 'bank', bankCode: '004', accountNumber: '0011535946', accountName: 'บริษัท สบาย', phoneNumber: null, promptPayId: null,
  state: 'active', sortOrder: 0, createdAt: '2026-11-28T05:00:00.000Z', isCheckedByStaff: false, activeFeedSources: 1, isCreditable: true,
};
const source: FeedSourceHealthWire = {
  sourceId: 'src_kbank_sms', kind: 'sms', protocol: 'sms_gateway', channelId: 'chn_kbank_main', isActive: true, lastEventAt: null, lastHeartbeatAt: null,
  lastHeartbeatStatus: null, lastDeviceId: null, silentForMs: 0, activeSilenceMs: 0, isSilenceMonitored: true, maxSilenceMs: null,
  activeHours: { from: '00:00', to: '24:00', timeZone: 'Asia/Bangkok' }, isActiveNow: true, isAlarm: false, alarmStartedAt: null, secretRotatedAt: null, previousSecretValidUntil: null,
};

function serve() {
  server.use(
    http.get(adminPath('/deposit-channels'), () => answer(staffDepositChannelsResponse, [channel])),
    http.get(adminPath('/feed-sources/health'), () => answer(feedSourceHealthResponse, [source])),
    http.post(adminPath('/deposit-channels'), () => answer(staffDepositChannelResponse, { ...channel, id: 'chn_scb_second' })),
    http.post(adminPath('/deposit-channels/:id/state'), () => answer(staffDepositChannelResponse, { ...channel, state: 'hidden' })),
    http.post(adminPath('/feed-sources'), () => answer(createdFeedSourceResponse, { sourceId: 'src_new', secret: 'fs_secret_once', webhookUrl: 'https://bo.example/feeds/src_new' })),
    http.post(adminPath('/feed-sources/:id/rotate-secret'), () => answer(rotateFeedSecretResponse, { sourceId: 'src_kbank_sms', secret: 'fs_rotated', rotatedAt: '2026-11-28T06:00:00.000Z', overlapUntil: '2026-11-28T07:00:00.000Z' })),
  );
}
const posts = () => sent.filter((request) => request.method === 'POST');
/** The form under its heading (the channel form and the source form both have an id and a reason). */
const form = (heading: string) => within(screen.getByRole('heading', { name: heading }).closest('form')!);
/** The reason for state changes and disabling, above the tables. */
const reasonBar = () => screen.getAllByLabelText('เหตุผล').find((input) => input.classList.contains('w-96'))!;

describe('deposit channels and feed sources (issue 11 "Settings")', () => {
  it('adds a channel with empty fields sent as null, then empties the form', async () => {
    serve();
    renderScreen(<ChannelsPage canManage canSeeSources />);
    await screen.findAllByText('chn_kbank_main');
    const channelForm = form('เพิ่มช่องทางฝาก');
    const id = channelForm.getByLabelText('รหัส') as HTMLInputElement;
    fireEvent.change(id, { target: { value: 'chn_scb_second' } });
    fireEvent.change(channelForm.getByLabelText('รหัสธนาคาร'), { target: { value: '014' } });
    fireEvent.change(channelForm.getByLabelText('เลขบัญชี'), { target: { value: '1234567890' } });
    fireEvent.change(channelForm.getByLabelText('ชื่อบัญชี'), { target: { value: 'บริษัท สบาย' } });
    fireEvent.change(channelForm.getByLabelText('เหตุผล'), { target: { value: 'second account' } });
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มช่องทาง' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    await waitFor(() => expect(posts()[0]!.body).toBeDefined());
    expect(posts()[0]).toMatchObject({ path: '/admin-api/v1/deposit-channels', body: { id: 'chn_scb_second', kind: 'bank', bankCode: '014', accountNumber: '1234567890', accountName: 'บริษัท สบาย', phoneNumber: null, promptPayId: null, reason: 'second account' } });
    await waitFor(() => expect(id.value).toBe('chn_'));
  });

  it('changes a channel state only once a reason is typed, and sends it', async () => {
    serve();
    renderScreen(<ChannelsPage canManage canSeeSources />);
    const hide = (await screen.findByRole('button', { name: 'ซ่อน' })) as HTMLButtonElement;
    expect(hide.disabled).toBe(true);
    fireEvent.change(reasonBar(), { target: { value: 'closing the account' } });
    expect(hide.disabled).toBe(false);
    fireEvent.click(hide);
    await waitFor(() => expect(posts()).toHaveLength(1));
    await waitFor(() => expect(posts()[0]!.body).toEqual({ state: 'hidden', reason: 'closing the account' }));
    expect(posts()[0]!.path).toBe('/admin-api/v1/deposit-channels/chn_kbank_main/state');
  });

  it('shows a new source’s secret and webhook once, and a rotated secret with its overlap', async () => {
    serve();
    renderScreen(<ChannelsPage canManage canSeeSources />);
    await screen.findByTestId('rotate-src_kbank_sms');
    const sourceForm = form('เพิ่มแหล่งข้อมูล');
    fireEvent.change(sourceForm.getByLabelText('รหัส'), { target: { value: 'src_new' } });
    fireEvent.change(sourceForm.getByRole('combobox', { name: /^ช่องทาง/ }), { target: { value: 'chn_kbank_main' } });
    fireEvent.change(sourceForm.getByLabelText('เหตุผล'), { target: { value: 'new phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มแหล่งข้อมูล' }));
    expect((await screen.findByTestId('new-secret-value')).textContent).toBe('fs_secret_once');
    expect(screen.getByTestId('new-secret-url').textContent).toBe('https://bo.example/feeds/src_new');
    fireEvent.click(screen.getByRole('button', { name: 'คัดลอกแล้ว ปิด' }));
    expect(screen.queryByTestId('new-secret')).toBeNull();
    fireEvent.change(screen.getByLabelText('ช่วงที่รหัสเก่ายังใช้ได้ (นาที)'), { target: { value: '90' } });
    fireEvent.click(screen.getByTestId('rotate-src_kbank_sms'));
    expect((await screen.findByTestId('new-secret-value')).textContent).toBe('fs_rotated');
    await waitFor(() => expect(posts().at(-1)!.body).toEqual({ overlapMinutes: 90 }));
    expect(posts().at(-1)!.path).toBe('/admin-api/v1/feed-sources/src_kbank_sms/rotate-secret');
  });
});
