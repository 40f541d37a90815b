"""Directors' accounts on the screens: sign out, the account page (display name, email),
password change and reset by email (Django's own views and forms, with our templates), and
invitations to direct a club, by email or by a one-time link.

Signing in stays `screens.LoginView`, slowed after wrong passwords by `scorekeeper.api.sign_in`; a
password reset is limited per client (`LIMIT_PASSWORD_RESETS` an hour) so the form cannot flood
an inbox."""

from __future__ import annotations

import threading
import time
from typing import Any, Final
from urllib.parse import urlencode

from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.core.mail import send_mail
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse, reverse_lazy
from django.utils import translation
from django.utils.cache import add_never_cache_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from scorekeeper import names
from scorekeeper.api.limits import AccountTries, PasswordResets
from scorekeeper.api.sign_in import SIGN_IN_BACKEND
from scorekeeper.errors import DomainError
from scorekeeper.events import selectors, services
from scorekeeper.events.access import Actor, display_name, named
from scorekeeper.events.pages.printouts import public_address

signed_in = login_required(login_url=reverse_lazy("events-login"))


class LogoutView(auth_views.LogoutView):
    next_page = "events-login"


class AccountForm(forms.Form):
    display_name = forms.CharField(
        label=_("Display name (shown instead of your user name)"), max_length=names.PERSON
    )
    email = forms.EmailField(label=_("Email (for a password reset)"), required=False)


@signed_in
def account(request: HttpRequest) -> HttpResponse:
    """The director's own account: the name they are shown by, their email, their password."""
    user = request.user
    form = AccountForm(
        request.POST or None,
        initial={
            "display_name": getattr(user, "first_name", ""),
            "email": getattr(user, "email", ""),
        },
    )
    saved = False
    if request.method == "POST" and form.is_valid():
        try:
            services.account_update(actor=Actor(user=user), **form.cleaned_data)
            if user.is_authenticated:  # (always, signed in: the page says it as saved)
                user.refresh_from_db(fields=["first_name", "email"])
            saved = True
            # Asked at sign-in or on another screen (the director's first), the director goes
            # on to where they were going.
            back = request.POST.get("next", "")
            if back and url_has_allowed_host_and_scheme(
                back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
            ):
                return redirect(back)
        except DomainError as error:
            form.add_error(error.field if error.field in form.fields else None, error.detail)
    going = request.POST.get("next") or request.GET.get("next", "")
    return render(
        request,
        "events/screens/account.html",
        {"form": form, "saved": saved, "next": going, "first": not named(user)},
    )


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "events/screens/password_change.html"
    success_url = reverse_lazy("events-password-change-done")


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "events/screens/password_change_done.html"


#: How long a password reset takes to answer, whether or not the address is a director's: the
#: email goes out on a thread of its own, waited for this long at most (a mail server's answer
#: would tell a stranger timing the form which addresses have an account).
RESET_ANSWER_SECONDS: Final = 0.5


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's, each email sent on a thread of its own (`sending`), in the request's language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sending: list[threading.Thread] = []

    def send_mail(self, *args: Any, **kwargs: Any) -> None:
        language = translation.get_language()

        def send() -> None:
            with translation.override(language):
                super(PasswordResetForm, self).send_mail(*args, **kwargs)

        thread = threading.Thread(target=send, name="password-reset-email")
        thread.start()
        self.sending.append(thread)


class PasswordResetView(auth_views.PasswordResetView):
    template_name = "events/screens/password_reset.html"
    email_template_name = "events/email/password_reset.txt"
    subject_template_name = "events/email/password_reset_subject.txt"
    success_url = reverse_lazy("events-password-reset-done")
    form_class = PasswordResetForm

    def form_valid(self, form: Any) -> HttpResponse:
        limit = PasswordResets()
        if not limit.counts(self.request):
            refused = render(
                self.request,
                "events/screens/password_reset.html",
                {"form": form, "limited": True},
                status=429,
            )
            refused["Retry-After"] = str(int(limit.wait() or 1))
            add_never_cache_headers(refused)
            return refused
        answer_at = time.monotonic() + RESET_ANSWER_SECONDS
        answer = super().form_valid(form)
        for thread in form.sending:
            thread.join(max(0.0, answer_at - time.monotonic()))
        time.sleep(max(0.0, answer_at - time.monotonic()))
        return answer


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "events/screens/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "events/screens/password_reset_confirm.html"
    success_url = reverse_lazy("events-director")
    # The new password signs the director in: the reset's email brings them back.
    post_reset_login = True
    post_reset_login_backend = SIGN_IN_BACKEND


class InviteForm(forms.Form):
    club = forms.IntegerField(widget=forms.HiddenInput)
    email = forms.EmailField(label=_("Their email (or leave it empty for a link)"), required=False)


@signed_in
@require_POST
def invite_create(request: HttpRequest) -> HttpResponse:
    """A director invites someone to direct the club: emailed, or a link to hand over."""
    form = InviteForm(request.POST)
    if not form.is_valid():
        return redirect("events-director")
    actor = Actor(user=request.user)
    try:
        club = selectors.club_get(club_id=form.cleaned_data["club"])
        made = services.invite_create(club=club, actor=actor, email=form.cleaned_data["email"])
    except DomainError as error:
        return render(
            request, "events/screens/invite.html", {"problem": error}, status=error.status
        )
    link = public_address(request) + reverse("events-invite", args=[made.token])
    if made.invite.email:
        context = {
            "club": club,
            "link": link,
            "days": services.invite_days(),
            "by": display_name(request.user),
        }
        # In the club's language (else the director's own): the invited may not share ours.
        with translation.override(club.language or translation.get_language()):
            send_mail(
                render_to_string("events/email/invite_subject.txt", context).strip(),
                render_to_string("events/email/invite.txt", context),
                None,
                [made.invite.email],
            )
    return render(
        request,
        "events/screens/invite_made.html",
        {"club": club, "link": link, "email": made.invite.email, "days": services.invite_days()},
    )


class JoinForm(UserCreationForm):  # type: ignore[type-arg]
    display_name = forms.CharField(
        label=_("Display name (shown instead of your user name)"), max_length=names.PERSON
    )


def invite_page(request: HttpRequest, token: str) -> HttpResponse:
    """The invitation's link: a signed-in user takes it up; someone new makes an account here."""
    try:
        invite = services.invite_for(token=token)
    except DomainError as error:
        return render(
            request, "events/screens/invite.html", {"problem": error}, status=error.status
        )
    signed = bool(request.user.is_authenticated)
    form = JoinForm(request.POST or None) if not signed else None
    if request.method == "POST":
        user: Any = request.user
        if form is not None:
            if not form.is_valid():
                tries = AccountTries(token)
                if not tries.counts(request):
                    return _too_many_tries(request, tries)
                return render(
                    request,
                    "events/screens/invite.html",
                    {"invite": invite, "form": form, "login": _login_back_to(request)},
                )
            user = form.save(commit=False)
            user.first_name = names.name_clean(
                form.cleaned_data["display_name"], field="display_name", limit=names.PERSON
            )
            user.email = invite.email
            user.save()
            login(request, user, backend=SIGN_IN_BACKEND)
        try:
            services.invite_accept(token=token, actor=Actor(user=user))
        except DomainError as error:
            return render(
                request, "events/screens/invite.html", {"problem": error}, status=error.status
            )
        return redirect("events-director")
    return render(
        request,
        "events/screens/invite.html",
        {"invite": invite, "form": form, "login": _login_back_to(request)},
    )


def _too_many_tries(request: HttpRequest, tries: AccountTries) -> HttpResponse:
    """The link's refused tries are used up for the hour: told without saying why this one
    was refused."""
    problem = DomainError(
        str(
            _("Too many accounts were refused on this link: try again later, or ask for a new one.")
        ),
        code="too-many-tries",
    )
    refused = render(request, "events/screens/invite.html", {"problem": problem}, status=429)
    refused["Retry-After"] = str(int(tries.wait() or 1))
    add_never_cache_headers(refused)
    return refused


@signed_in
@require_POST
def invite_answer(request: HttpRequest, invite_id: int) -> HttpResponse:
    """The invited user accepts or declines, on their home page, an invitation made for them
    by user name."""
    try:
        services.invite_answer(
            invite_id=invite_id,
            actor=Actor(user=request.user),
            accept=request.POST.get("answer") == "accept",
        )
    except DomainError as error:
        return render(
            request, "events/screens/invite.html", {"problem": error}, status=error.status
        )
    return redirect("events-director")


def _login_back_to(request: HttpRequest) -> str:
    return f"{reverse('events-login')}?{urlencode({'next': request.path})}"


class ClubSettingsForm(forms.Form):
    language = forms.ChoiceField(
        label=_("Language of the club's emails, and for visitors who ask for none we speak"),
        choices=[("", _("the server's default (English)")), ("en", "English"), ("ko", "한국어")],
        required=False,
    )
    time_zone = forms.CharField(label=_("Time zone (such as Asia/Seoul)"), max_length=64)


@signed_in
@require_POST
def club_settings(request: HttpRequest, club_id: int) -> HttpResponse:
    """A director sets the club's language and time zone from their home page."""
    form = ClubSettingsForm(request.POST)
    try:
        club = selectors.club_get(club_id=club_id)
        if not form.is_valid():
            field, problems = next(iter(form.errors.items()))
            return HttpResponse(f"{field}: {problems[0]}\n", status=400, content_type="text/plain")
        services.club_update(club=club, actor=Actor(user=request.user), **form.cleaned_data)
    except DomainError as error:
        return HttpResponse(f"{error.detail}\n", status=error.status, content_type="text/plain")
    return redirect("events-director")
