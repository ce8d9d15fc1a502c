import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Heading,
  HStack,
  Link as ChakraLink,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@portal/shared/chakra';
import { Checkbox, Field, Input } from '@portal/shared/chakra/deferred';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { z } from 'zod';
import { api, IdentificationStatus, newPassword } from '@portal/shared';
import { callApi, updateUserInfo } from '@portal/shared/browser';
import { applyServerError, fieldMessage, message, useLocalePath } from '@portal/shared/ui';
import { memberUserQuery } from '../../common/member.ts';
import { AlertsCard } from './AlertsCard.tsx';
import { DevicesCard } from './DevicesCard.tsx';
import { SignInHistoryCard } from './SignInHistoryCard.tsx';
import { TeamCard } from '../team/TeamCard.tsx';
import { PasskeysCard } from './two-factor/PasskeysCard.tsx';
import { useStepUp } from './two-factor/StepUp.tsx';
import { TwoFactorCard } from './two-factor/TwoFactorCard.tsx';

const STATUS_COLOR: Record<number, string> = { 0: 'gray', 1: 'orange', 2: 'orange', 3: 'green', 4: 'red' };

function useFieldText() {
  const intl = useIntl();
  return (msg: string | undefined) => fieldMessage(intl, msg);
}

export default function AccountPage() {
  const { data: user, isLoading } = useQuery(memberUserQuery());
  return (
    <Container maxW="4xl" py={{ base: 6, md: 10 }}>
      <Stack gap={6}>
        <Heading as="h1" size="2xl">
          <FormattedMessage id="shared.page.account" />
        </Heading>
        {isLoading || !user ? <Skeleton h="48" borderRadius="xl" /> : <ProfileCard user={user} />}
        <TeamCard />
        <AlertsCard />
        <PasswordCard />
        <TwoFactorCard />
        <PasskeysCard />
        <DevicesCard />
        <SignInHistoryCard />
      </Stack>
    </Container>
  );
}

type User = NonNullable<Awaited<ReturnType<typeof callApi<typeof api.memberUserGet>>>>;

function ProfileCard({ user }: { user: User }) {
  const to = useLocalePath();
  const [editing, setEditing] = useState(false);
  const certified = user.identificationStatus === IdentificationStatus.Success;
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          <FormattedMessage id="uc.account.profile" />
        </Heading>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap={5}>
          <Box>
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="uc.account.nickname" />
            </Text>
            {editing ? (
              <NicknameForm current={user.nickname} onDone={() => setEditing(false)} />
            ) : (
              <HStack>
                <Text fontWeight="medium" data-testid="nickname">
                  {user.nickname}
                </Text>
                <Button size="xs" variant="ghost" onClick={() => setEditing(true)}>
                  <FormattedMessage id="uc.account.edit" />
                </Button>
              </HStack>
            )}
          </Box>
          <Info labelId="uc.account.mobile" value={user.mobile} />
          <Info labelId="uc.account.email" value={user.email} />
          <Box>
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="uc.account.since" />
            </Text>
            <Text fontWeight="medium">
              <FormattedDate value={user.createdAt} dateStyle="medium" />
            </Text>
          </Box>
          <Box>
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="uc.account.certification" />
            </Text>
            <HStack>
              <Badge colorPalette={STATUS_COLOR[user.identificationStatus] ?? 'gray'} data-testid="certification-status">
                <FormattedMessage id={`uc.identification.${user.identificationStatus}`} />
              </Badge>
              {user.certificationType !== null ? (
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage id={`uc.certificationType.${user.certificationType}`} />
                </Text>
              ) : null}
              {certified ? null : (
                <ChakraLink asChild color="brand.fg" fontSize="sm">
                  <Link to={to('/admin/auth')}>
                    <FormattedMessage id="uc.account.certifyNow" />
                  </Link>
                </ChakraLink>
              )}
            </HStack>
          </Box>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

function Info({ labelId, value }: { labelId: string; value: string | null }) {
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted">
        <FormattedMessage id={labelId} />
      </Text>
      <Text fontWeight="medium" data-testid={labelId}>
        {value ?? <FormattedMessage id="uc.account.notSet" />}
      </Text>
    </Box>
  );
}

const nicknameSchema = z.object({
  nickname: z.string().trim().min(1, 'uc.account.nicknameRequired').max(30, 'uc.account.nicknameTooLong'),
});

function NicknameForm({ current, onDone }: { current: string; onDone: () => void }) {
  const intl = useIntl();
  const text = useFieldText();
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof nicknameSchema>>({
    resolver: zodResolver(nicknameSchema),
    defaultValues: { nickname: current },
  });
  const save = useMutation({
    mutationFn: (nickname: string) => callApi(api.memberUserUpdate, { body: { nickname } }),
    onSuccess: async (_d, nickname) => {
      updateUserInfo({ nickname });
      await queryClient.invalidateQueries({ queryKey: memberUserQuery().queryKey });
      message('success', intl.formatMessage({ id: 'uc.account.saved' }));
      onDone();
    },
    onError: (e) => {
      const failure = applyServerError(e, (_name, msg) => form.setError('nickname', { message: msg }));
      if (failure) form.setError('nickname', { message: failure });
    },
  });
  return (
    <form onSubmit={form.handleSubmit((v) => save.mutate(v.nickname))} noValidate>
      <Field.Root invalid={!!form.formState.errors.nickname}>
        <Field.Label srOnly>
          <FormattedMessage id="uc.account.nickname" />
        </Field.Label>
        <HStack w="full">
          <Input size="sm" maxLength={30} autoFocus {...form.register('nickname')} />
          <Button size="sm" type="submit" colorPalette="brand" loading={save.isPending}>
            <FormattedMessage id="uc.account.save" />
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            <FormattedMessage id="uc.account.cancel" />
          </Button>
        </HStack>
        <Field.ErrorText>{text(form.formState.errors.nickname?.message)}</Field.ErrorText>
      </Field.Root>
    </form>
  );
}

const passwordSchema = z
  .object({
    oldPassword: z.string().min(1, 'uc.account.oldRequired'),
    password: newPassword,
    confirm: z.string(),
    revokeApiTokens: z.boolean(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'uc.account.mismatch' });
type PasswordForm = z.input<typeof passwordSchema>;
type TextField = Exclude<keyof PasswordForm, 'revokeApiTokens'>;

function PasswordCard() {
  const intl = useIntl();
  const text = useFieldText();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(passwordSchema),
    // Ticked: a password changed because it may have leaked should take the scripts' keys with it.
    defaultValues: { oldPassword: '', password: '', confirm: '', revokeApiTokens: true },
  });
  const { errors, isSubmitting } = form.formState;
  const hintId = useId();
  // With two factors on, a password change may first ask for a code (decision 0056).
  const { guard, dialog } = useStepUp();
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const ended = await guard(() =>
        callApi(
          api.memberUserUpdatePassword,
          { body: { oldPassword: v.oldPassword, password: v.password, revokeApiTokens: v.revokeApiTokens } },
          { silent: true },
        ),
      );
      message(
        'success',
        intl.formatMessage(
          { id: 'uc.account.passwordChanged' },
          {
            sessions: ended.sessionsRevoked,
            tokens: ended.apiTokensRevoked,
            kept: v.revokeApiTokens ? 'no' : 'yes',
          },
        ),
      );
      form.reset();
    } catch (e) {
      const failure = applyServerError(e, (name, msg) => form.setError(name as keyof PasswordForm, { message: msg }));
      // The one business error this form can meet is a wrong current password.
      if (failure) form.setError('oldPassword', { message: failure });
    }
  });
  const field = (name: TextField, labelId: string, autoComplete: string, hint?: string) => (
    <Field.Root invalid={!!errors[name]} required>
      <Field.Label>
        <FormattedMessage id={labelId} />
      </Field.Label>
      <Input type="password" autoComplete={autoComplete} {...form.register(name)} />
      {errors[name] ? (
        <Field.ErrorText>{text(errors[name]?.message)}</Field.ErrorText>
      ) : hint ? (
        <Field.HelperText>{hint}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          <FormattedMessage id="uc.account.passwordTitle" />
        </Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap={4} maxW="md">
            {field('oldPassword', 'uc.account.oldPassword', 'current-password')}
            {field('password', 'uc.account.newPassword', 'new-password', intl.formatMessage({ id: 'uc.account.passwordHint' }))}
            {field('confirm', 'uc.account.confirmPassword', 'new-password')}
            <Controller
              control={form.control}
              name="revokeApiTokens"
              render={({ field: box }) => (
                <Box>
                  <Checkbox.Root
                    colorPalette="brand"
                    checked={box.value}
                    onCheckedChange={(d) => box.onChange(d.checked === true)}
                    alignItems="flex-start"
                  >
                    <Checkbox.HiddenInput ref={box.ref} name={box.name} onBlur={box.onBlur} aria-describedby={hintId} />
                    <Checkbox.Control mt={0.5} />
                    <Checkbox.Label>
                      <FormattedMessage id="uc.account.revokeApiTokens" />
                    </Checkbox.Label>
                  </Checkbox.Root>
                  <Text id={hintId} ps={7} mt={1} fontSize="sm" color="fg.muted">
                    <FormattedMessage id="uc.account.revokeApiTokensHint" />
                  </Text>
                </Box>
              )}
            />
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={isSubmitting}>
              <FormattedMessage id="uc.account.changePassword" />
            </Button>
          </Stack>
        </form>
        {dialog}
      </Card.Body>
    </Card.Root>
  );
}
