import { useParams } from 'react-router-dom';
import { InvitePreview } from '../../../features/sharing/components/invite-preview';

/** `/invite-preview/:token` and `/invite/:token`: the same public invite page. */
export default function InvitePreviewPage() {
  const { token = '' } = useParams();
  return <InvitePreview key={token} token={token} />;
}
