import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { TLift } from '@liftguard/contract/registry/lift';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, failureText } from '../../api/http.ts';
import { toast } from '../../app/feedback.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { collectLift, uncollectLift } from './api.ts';

/**
 * Favourite toggle. 4041 (already a favourite) and 4042 (not a favourite) mean another tab got
 * there first: the list is refreshed and the user told, as a warning rather than an error.
 */
export function FavouriteStar({ lift }: { lift: Pick<TLift, 'id' | 'favourite' | 'name'> }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: () => (lift.favourite ? uncollectLift(lift.id) : collectLift(lift.id)),
    onSuccess: () => toast.success(t(lift.favourite ? 'lift.favourite.removed' : 'lift.favourite.added', { name: lift.name })),
    onError: (err) => {
      if (err instanceof ApiError && (err.code === 4041 || err.code === 4042))
        toast.warning(failureText(err.code, err.msg, currentLocale()));
      else if (err instanceof ApiError) toast.error(failureText(err.code, err.msg, currentLocale()));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['lift'] }),
  });
  return (
    <Tooltip title={t(lift.favourite ? 'lift.favourite.remove' : 'lift.favourite.add')}>
      <Button
        type="text"
        size="small"
        aria-label={t(lift.favourite ? 'lift.favourite.remove' : 'lift.favourite.add')}
        aria-pressed={lift.favourite}
        data-testid={`favourite-${lift.id}`}
        loading={m.isPending}
        icon={lift.favourite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
        onClick={() => m.mutate()}
      />
    </Tooltip>
  );
}
