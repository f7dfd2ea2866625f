import type { Notification } from '@hackclass/contracts';
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** A readable sentence per notification type, naming and linking what it is about. */
export function NotificationText({ notification }: { notification: Notification }) {
  const { data } = notification;
  const someone = data.userName || 'Someone';
  const classroom: ReactNode = data.classroomId ? (
    <Anchor component={Link} to={paths.classroom.getHref(data.classroomId)} fw={600}>
      {data.classroomName || 'a classroom'}
    </Anchor>
  ) : (
    <strong>{data.classroomName || 'a classroom'}</strong>
  );

  switch (notification.type) {
    case 'InvitationReceived':
      return <>You were invited to join {classroom}.</>;
    case 'JoinRequested':
      return (
        <>
          <strong>{someone}</strong> asked to join {classroom}.
        </>
      );
    case 'JoinApproved':
      return <>Your request to join {classroom} was approved.</>;
    case 'InvitationAccepted':
      return (
        <>
          <strong>{someone}</strong> accepted your invitation to {classroom}.
        </>
      );
    case 'LabAdded':
    case 'LabOpened': {
      const lab = data.labSlug ? (
        <Anchor
          component={Link}
          to={paths.hackingLab.getHref(data.labSlug, data.classroomId)}
          fw={600}
        >
          {data.labName || 'A lab'}
        </Anchor>
      ) : (
        <strong>{data.labName || 'A lab'}</strong>
      );
      return notification.type === 'LabAdded' ? (
        <>
          The lab {lab} was added to {classroom}.
        </>
      ) : (
        <>
          The lab {lab} opened in {classroom}.
        </>
      );
    }
    case 'TeacherApproved':
      return <>An admin approved your teacher account: you can now create classrooms and labs.</>;
    case 'Announcement':
      return (
        <>
          New announcement in {classroom}
          {data.excerpt ? <>: {data.excerpt}</> : '.'}
        </>
      );
    case 'CoTeacherAdded':
      return (
        <>
          <strong>{someone}</strong> made you a co-teacher of {classroom}.
        </>
      );
    default:
      return <>You have a new notification.</>;
  }
}
