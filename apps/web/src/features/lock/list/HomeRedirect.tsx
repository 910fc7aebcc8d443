import { Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { useGroups } from '../../group/groupList';

/** /home: loads the group list (the console home's group filter needs it), then goes to the console home. */
export function HomeRedirect() {
  const groups = useGroups();
  const { search } = useLocation();
  if (groups.isPending) return <Spin fullscreen />;
  return <Navigate to={`/console/home${search}`} replace />;
}
