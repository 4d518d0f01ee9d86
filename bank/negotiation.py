"""Content negotiation that never answers 406 (plumbing: imports no app).

The API answers JSON (and a statement CSV where asked for). DRF's default refuses a request whose
Accept header names nothing it renders (`Accept: text/html` answered 406, a status no call
documents); here such a request gets the view's first renderer, JSON, as most APIs do.
"""

from rest_framework.exceptions import NotAcceptable
from rest_framework.negotiation import DefaultContentNegotiation


class FirstRendererWhenNoneFits(DefaultContentNegotiation):
    def select_renderer(self, request, renderers, format_suffix=None):
        try:
            return super().select_renderer(request, renderers, format_suffix)
        except NotAcceptable:
            return renderers[0], renderers[0].media_type
